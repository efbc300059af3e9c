import { endpoint } from './endpoint.js';
import { changePasswordBody, loginBody, registerBody, resetPasswordBody, sendResetOtpBody, sendUnlockOtpBody, unlockLoginBody, verifyEmailBody } from './auth.js';
import { settingsPatch } from './settings.js';

export const authEndpoints = {
  isAuth: endpoint({ method: 'GET', path: '/api/auth/is-auth', access: 'public' }),
  register: endpoint({ method: 'POST', path: '/api/auth/register', access: 'public', body: registerBody }),
  sendVerifyOtp: endpoint({ method: 'GET', path: '/api/auth/sendverifyotp', access: 'session' }),
  login: endpoint({ method: 'POST', path: '/api/auth/login', access: 'public', body: loginBody }),
  verifyEmail: endpoint({ method: 'POST', path: '/api/auth/verify-email', access: 'session', body: verifyEmailBody }),
  sendResetOtp: endpoint({ method: 'POST', path: '/api/auth/send-reset-otp', access: 'public', body: sendResetOtpBody }),
  resetPassword: endpoint({ method: 'POST', path: '/api/auth/reset-password', access: 'public', body: resetPasswordBody }),
  sendUnlockOtp: endpoint({ method: 'POST', path: '/api/auth/send-unlock-otp', access: 'public', body: sendUnlockOtpBody }),
  unlockLogin: endpoint({ method: 'POST', path: '/api/auth/unlock-login', access: 'public', body: unlockLoginBody }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', access: 'public' }),
};

export const userEndpoints = {
  userData: endpoint({ method: 'GET', path: '/api/user/data', access: 'session' }),
  changePassword: endpoint({ method: 'POST', path: '/api/user/change-password', access: 'verified', body: changePasswordBody }),
  getSettings: endpoint({ method: 'GET', path: '/api/user/settings', access: 'verified' }),
  putSettings: endpoint({ method: 'PUT', path: '/api/user/settings', access: 'verified', body: settingsPatch }),
  resetSettings: endpoint({ method: 'POST', path: '/api/user/settings/reset', access: 'verified' }),
};
