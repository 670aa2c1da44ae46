import {
  LANGUAGE_COOKIE,
  type Language,
  languageOfAcceptLanguage,
  parseLanguage,
} from '@mostrador/contracts';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

/** What went wrong on the sign-in page, by kind; the page says it in its language. */
export type AuthorizationProblem =
  | { kind: 'unknown_client' }
  | { kind: 'unregistered_redirect_uri' }
  | { kind: 'repeated_parameter'; name: string }
  | { kind: 'repeated_field'; name: string }
  | { kind: 'foreign_form' }
  | { kind: 'not_a_form' }
  | { kind: 'form_too_large' }
  | { kind: 'unlisted_account' };

/** The sign-in page's words in the languages the dashboard speaks; each sentence whole in each language. */
interface AuthorizationWords {
  problemTitle: string;
  title: string;
  heading: string;
  /**
   * Given the client's name as HTML (escaped by the caller), what it asks for, as HTML: every grant carries the whole
   * scope (offline_access, read, write), said in words rather than as the scope's names.
   */
  asks: (client: string) => string;
  demoAccounts: string;
  choose: string;
  teamMembers: string;
  teamHint: string;
  teamMemberOf: (sellers: string) => string;
  cancel: string;
  problem: (problem: AuthorizationProblem) => string;
}

const WORDS: Record<Language, AuthorizationWords> = {
  en: {
    problemTitle: 'Sign-in problem',
    title: 'Sign in · Marketplace',
    heading: 'Sign in to the marketplace',
    asks: (client) =>
      `${client} asks to read your account, act on it, and stay connected while you are away.`,
    demoAccounts: 'Demo accounts',
    choose: 'Choose the account to sign in with.',
    teamMembers: 'Team members',
    teamHint: 'They act for a seller with the permissions it gave them.',
    teamMemberOf: (sellers) => `, team member of ${sellers}`,
    cancel: 'Cancel',
    problem: (p) => {
      switch (p.kind) {
        case 'unknown_client':
          return 'The application is missing or unknown (client_id).';
        case 'unregistered_redirect_uri':
          return 'The redirect_uri is not one the application registered.';
        case 'repeated_parameter':
          return `The parameter ${p.name} was sent more than once.`;
        case 'repeated_field':
          return `The field ${p.name} was sent more than once.`;
        case 'foreign_form':
          return 'This form can only be sent from the sign-in page.';
        case 'not_a_form':
          return 'The sign-in form must be sent as a form.';
        case 'form_too_large':
          return 'The form is too large.';
        case 'unlisted_account':
          return 'Choose one of the listed accounts.';
      }
    },
  },
  es: {
    problemTitle: 'Problema al iniciar sesión',
    title: 'Iniciar sesión · Marketplace',
    heading: 'Inicia sesión en el marketplace',
    asks: (client) => `${client} pide leer tu cuenta, actuar en ella y seguir conectada mientras no estás.`,
    demoAccounts: 'Cuentas de demostración',
    choose: 'Elige la cuenta con la que quieres iniciar sesión.',
    teamMembers: 'Miembros de equipos',
    teamHint: 'Actúan para un vendedor con los permisos que este les dio.',
    teamMemberOf: (sellers) => `, miembro del equipo de ${sellers}`,
    cancel: 'Cancelar',
    problem: (p) => {
      switch (p.kind) {
        case 'unknown_client':
          return 'Falta la aplicación o no se conoce (client_id).';
        case 'unregistered_redirect_uri':
          return 'La redirect_uri no es una de las que registró la aplicación.';
        case 'repeated_parameter':
          return `El parámetro ${p.name} se envió más de una vez.`;
        case 'repeated_field':
          return `El campo ${p.name} se envió más de una vez.`;
        case 'foreign_form':
          return 'Este formulario solo se puede enviar desde la página de inicio de sesión.';
        case 'not_a_form':
          return 'El inicio de sesión debe enviarse como formulario.';
        case 'form_too_large':
          return 'El formulario es demasiado grande.';
        case 'unlisted_account':
          return 'Elige una de las cuentas de la lista.';
      }
    },
  },
  'pt-BR': {
    problemTitle: 'Problema ao entrar',
    title: 'Entrar · Marketplace',
    heading: 'Entre no marketplace',
    asks: (client) =>
      `${client} pede para ler sua conta, agir nela e continuar conectado enquanto você está fora.`,
    demoAccounts: 'Contas de demonstração',
    choose: 'Escolha a conta com a qual entrar.',
    teamMembers: 'Membros de equipes',
    teamHint: 'Eles agem por um vendedor com as permissões que ele deu.',
    teamMemberOf: (sellers) => `, membro da equipe de ${sellers}`,
    cancel: 'Cancelar',
    problem: (p) => {
      switch (p.kind) {
        case 'unknown_client':
          return 'O aplicativo está faltando ou é desconhecido (client_id).';
        case 'unregistered_redirect_uri':
          return 'A redirect_uri não é uma das que o aplicativo registrou.';
        case 'repeated_parameter':
          return `O parâmetro ${p.name} foi enviado mais de uma vez.`;
        case 'repeated_field':
          return `O campo ${p.name} foi enviado mais de uma vez.`;
        case 'foreign_form':
          return 'Este formulário só pode ser enviado pela página de entrada.';
        case 'not_a_form':
          return 'A entrada deve ser enviada como formulário.';
        case 'form_too_large':
          return 'O formulário é grande demais.';
        case 'unlisted_account':
          return 'Escolha uma das contas da lista.';
      }
    },
  },
};

/**
 * The languages a client asks the page to speak (OpenID Connect's `ui_locales`: language tags separated by spaces,
 * most preferred first); the first one the page speaks, or null.
 */
export function languageOfUiLocales(value: string | undefined): Language | null {
  if (!value) return null;
  // Accept-Language's reading keeps the order of tags of equal weight: most preferred first, as ui_locales lists them.
  return languageOfAcceptLanguage(value.trim().split(/\s+/).slice(0, 10).join(','));
}

/**
 * The page's language: the one its client asks for (`ui_locales`; the dashboard passes its user's language, since
 * its own cookies never reach the platform), else the dashboard's preference cookie when the page is served on the
 * same site, else the browser's Accept-Language, else English.
 */
export function authorizationWords(c: Context): { language: Language; words: AuthorizationWords } {
  const language =
    languageOfUiLocales(c.req.query('ui_locales')) ??
    parseLanguage(getCookie(c, LANGUAGE_COOKIE)) ??
    languageOfAcceptLanguage(c.req.header('accept-language')) ??
    'en';
  return { language, words: WORDS[language] };
}
