import {
  LANGUAGE_COOKIE,
  type Language,
  languageOfAcceptLanguage,
  parseLanguage,
} from '@mostrador/contracts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** The sign-in page's words in the languages the dashboard speaks; each sentence whole in each language. */
interface AuthorizationWords {
  problemTitle: string;
  title: string;
  heading: string;
  /** Given the client's name and the scope as HTML (escaped by the caller), the sentence as HTML. */
  asks: (client: string, scope: string) => string;
  demoAccounts: string;
  choose: string;
  teamMembers: string;
  teamHint: string;
  teamMemberOf: (sellers: string) => string;
  cancel: string;
}

const WORDS: Record<Language, AuthorizationWords> = {
  en: {
    problemTitle: 'Sign-in problem',
    title: 'Sign in · Marketplace',
    heading: 'Sign in to the marketplace',
    asks: (client, scope) => `${client} asks to read and manage your account (${scope}).`,
    demoAccounts: 'Demo accounts',
    choose: 'Choose the account to sign in with.',
    teamMembers: 'Team members',
    teamHint: 'They act for a seller with the permissions it gave them.',
    teamMemberOf: (sellers) => `, team member of ${sellers}`,
    cancel: 'Cancel',
  },
  es: {
    problemTitle: 'Problema al iniciar sesión',
    title: 'Iniciar sesión · Marketplace',
    heading: 'Inicia sesión en el marketplace',
    asks: (client, scope) => `${client} pide leer y gestionar tu cuenta (${scope}).`,
    demoAccounts: 'Cuentas de demostración',
    choose: 'Elige la cuenta con la que quieres iniciar sesión.',
    teamMembers: 'Miembros de equipos',
    teamHint: 'Actúan para un vendedor con los permisos que este les dio.',
    teamMemberOf: (sellers) => `, miembro del equipo de ${sellers}`,
    cancel: 'Cancelar',
  },
  'pt-BR': {
    problemTitle: 'Problema ao entrar',
    title: 'Entrar · Marketplace',
    heading: 'Entre no marketplace',
    asks: (client, scope) => `${client} pede para ler e gerenciar sua conta (${scope}).`,
    demoAccounts: 'Contas de demonstração',
    choose: 'Escolha a conta com a qual entrar.',
    teamMembers: 'Membros de equipes',
    teamHint: 'Eles agem por um vendedor com as permissões que ele deu.',
    teamMemberOf: (sellers) => `, membro da equipe de ${sellers}`,
    cancel: 'Cancelar',
  },
};

/**
 * The page's language: the one the dashboard's user chose in this browser (its preference cookie, same site), else
 * the browser's Accept-Language, else English.
 */
export function authorizationWords(c: Context): { language: Language; words: AuthorizationWords } {
  const language =
    parseLanguage(getCookie(c, LANGUAGE_COOKIE)) ??
    languageOfAcceptLanguage(c.req.header('accept-language')) ??
    'en';
  return { language, words: WORDS[language] };
}
