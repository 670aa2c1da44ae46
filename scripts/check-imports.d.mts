export interface ImportProblem {
  file: string;
  line: number;
  specifier: string;
  rule: string;
  message: string;
}
export function checkImports(root: string): ImportProblem[];
