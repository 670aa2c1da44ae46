import { type Language, sessionSchema } from '@mostrador/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api-client.ts';
import { sessionKey } from './get-session.ts';

/** Keeps the choice on the server: in the session, on the signed-in user and in this browser's cookie. */
export const chooseLanguage = (language: Language) =>
  request('/bff/preferences/language', sessionSchema, { method: 'PUT', body: { language } });

/** The session answers with the new language; the dashboard follows it at once (`followSessionLanguage`). */
export function useChooseLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseLanguage,
    onSuccess: (session) => queryClient.setQueryData(sessionKey, session),
  });
}
