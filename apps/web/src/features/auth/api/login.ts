import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseMutationOptions } from '@tanstack/react-query';
import type { LoginInput, TokenAnswer } from '@dealer-hr/shared/auth/contract';
import { post } from '../../../lib/api-client';
import { setToken } from '../../../lib/auth-token';

export type { LoginInput, TokenAnswer };

export function login(input: LoginInput): Promise<TokenAnswer> {
  return post<TokenAnswer>('/login', input);
}

type Options = Omit<UseMutationOptions<TokenAnswer, Error, LoginInput>, 'mutationFn'>;

/** Stores the token and drops whatever an earlier session left in the query cache. */
export function useLoginMutation({ onSuccess, ...options }: Options = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: login,
    onSuccess: (...args) => {
      queryClient.removeQueries();
      setToken(args[0].access_token);
      return onSuccess?.(...args);
    },
  });
}
