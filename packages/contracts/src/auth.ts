import { z } from 'zod';
import { email, otp, password, text } from './common.js';

export const registerBody = z.strictObject({
  name: text(100, 'name'),
  email,
  password,
});
export type RegisterBody = z.infer<typeof registerBody>;

/** Login checks the password as given; length rules apply when a password is set, not when it is tried. */
export const loginBody = z.strictObject({
  email,
  password: z.string({ message: 'password must be text' }).min(1, { message: 'password is required' }).max(1024),
});
export type LoginBody = z.infer<typeof loginBody>;

export const verifyEmailBody = z.strictObject({ otp });
export const sendResetOtpBody = z.strictObject({ email });
export const resetPasswordBody = z.strictObject({ email, otp, newPassword: password });
/** A login locked out for the address it is tried from: a code mailed to the account unlocks that address. */
export const sendUnlockOtpBody = z.strictObject({ email });
export const unlockLoginBody = z.strictObject({ email, otp });

export const changePasswordBody = z
  .strictObject({
    currentPassword: z.string({ message: 'currentPassword must be text' }).min(1, { message: 'Please fill every field' }).max(1024),
    newPassword: password,
    confirmPassword: z.string({ message: 'confirmPassword must be text' }).min(1, { message: 'Please fill every field' }),
  })
  .refine((b) => b.newPassword === b.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const isAuthReply = z.object({ success: z.boolean(), verified: z.boolean().optional(), message: z.string().optional() });

export const userData = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  isAccountVerified: z.boolean(),
});
export type UserData = z.infer<typeof userData>;
export const userDataReply = z.object({ success: z.literal(true), userData });
