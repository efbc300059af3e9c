import { endpoint } from './endpoint.js';
import { changePasswordBody, loginBody, registerBody, resetPasswordBody, sendResetOtpBody, sendUnlockOtpBody, unlockLoginBody, verifyEmailBody } from './auth.js';
import { settingsPatch } from './settings.js';

export const authEndpoints = {
  isAuth: endpoint({ method: 'GET', path: '/api/auth/is-auth', access: 'public', permission: 'account' }),
  register: endpoint({ method: 'POST', path: '/api/auth/register', access: 'public', permission: 'account', body: registerBody }),
  sendVerifyOtp: endpoint({ method: 'GET', path: '/api/auth/sendverifyotp', access: 'session', permission: 'account' }),
  login: endpoint({ method: 'POST', path: '/api/auth/login', access: 'public', permission: 'account', body: loginBody }),
  verifyEmail: endpoint({ method: 'POST', path: '/api/auth/verify-email', access: 'session', permission: 'account', body: verifyEmailBody }),
  sendResetOtp: endpoint({ method: 'POST', path: '/api/auth/send-reset-otp', access: 'public', permission: 'account', body: sendResetOtpBody }),
  resetPassword: endpoint({ method: 'POST', path: '/api/auth/reset-password', access: 'public', permission: 'account', body: resetPasswordBody }),
  sendUnlockOtp: endpoint({ method: 'POST', path: '/api/auth/send-unlock-otp', access: 'public', permission: 'account', body: sendUnlockOtpBody }),
  unlockLogin: endpoint({ method: 'POST', path: '/api/auth/unlock-login', access: 'public', permission: 'account', body: unlockLoginBody }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', access: 'public', permission: 'account' }),
};

export const userEndpoints = {
  userData: endpoint({ method: 'GET', path: '/api/user/data', access: 'session', permission: 'account' }),
  changePassword: endpoint({ method: 'POST', path: '/api/user/change-password', access: 'verified', permission: 'account', body: changePasswordBody }),
  getSettings: endpoint({ method: 'GET', path: '/api/user/settings', access: 'verified', permission: 'account' }),
  putSettings: endpoint({ method: 'PUT', path: '/api/user/settings', access: 'verified', permission: 'account', body: settingsPatch }),
  resetSettings: endpoint({ method: 'POST', path: '/api/user/settings/reset', access: 'verified', permission: 'account' }),
};
