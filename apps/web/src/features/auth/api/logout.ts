import { useMutation } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import { post } from '../../../lib/api-client';
import { endSession } from '../../../lib/session';

/** `url`: a single sign-on logout page the browser should go to. */
export type LogoutAnswer = { url?: string } | null;

export function logout(): Promise<LogoutAnswer> {
  // Spec section 8: a failed logout shows nothing.
  return post<LogoutAnswer>('/logout', undefined, { silent: true });
}

type Options = Omit<UseMutationOptions<LogoutAnswer, Error, void>, 'mutationFn'>;

/** Ends the local session whatever the server answers: the user asked to leave. */
export function useLogoutMutation({ onSettled, ...options }: Options = {}) {
  return useMutation({
    ...options,
    mutationFn: logout,
    onSettled: (...args) => {
      endSession();
      return onSettled?.(...args);
    },
  });
}
