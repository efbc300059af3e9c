import { authEndpoints as auth } from '@smi/contracts';
import type { LoginBody, RegisterBody } from '@smi/contracts';
import { z } from 'zod';
import { call } from '../../../lib/api-client';

/** Replies of the account calls that the screens read: a success flag and a message. */
const messageReply = z.object({ success: z.boolean(), message: z.string().optional() });

// Each call answers {success, message}; a failure is an ApiError with the server's message.
// `quiet` calls leave the message to the screen (inline text or a redirect).
export const login = (body: LoginBody) => call(auth.login, { body, reply: messageReply, quiet: true });
export const register = (body: RegisterBody) => call(auth.register, { body, reply: messageReply });
export const sendVerifyOtp = () => call(auth.sendVerifyOtp, { reply: messageReply, quiet: true });
export const verifyEmail = (otp: string) => call(auth.verifyEmail, { body: { otp }, reply: messageReply });
export const sendResetOtp = (email: string) => call(auth.sendResetOtp, { body: { email }, reply: messageReply });
export const resetPassword = (body: { email: string; otp: string; newPassword: string }) =>
  call(auth.resetPassword, { body, reply: messageReply, quiet: true });
export const sendUnlockOtp = (email: string) => call(auth.sendUnlockOtp, { body: { email }, reply: messageReply, quiet: true });
export const unlockLogin = (body: { email: string; otp: string }) => call(auth.unlockLogin, { body, reply: messageReply, quiet: true });
export const logout = () => call(auth.logout, { reply: messageReply, quiet: true });

/** The login reply that sends the user to the code screen instead of in. */
export const VERIFY_FIRST = 'Please verify your account first.';
