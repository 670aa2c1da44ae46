/** Associated data binding a sealed value to its row and column of `users`. */
export const userAad = (userId: number, column: string) => `users:${userId}:${column}`;
