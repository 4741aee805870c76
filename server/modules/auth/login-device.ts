import type { RequestHandler, Response } from 'express';
import { loginEmail, normalLoginEmail } from '../../http/rate-limits';
import { deviceOfCookie, signDeviceCookie } from '../../security/device-cookie';
import { readCookie } from './discord';

/** The cookie a browser gets from a correct password, sent back with its next logins only. */
export const LOGIN_DEVICE_COOKIE = 'login_device';
export const LOGIN_DEVICE_PATH = '/api/auth/login';
const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export interface LoginDevices {
  /**
   * Before the login's limits: a valid device cookie for the e-mail being logged into puts its
   * device in `res.locals.loginDevice`; it then has its own lane through the password gate and
   * its own failure count instead of the account's lockout (README "Limits against abuse").
   */
  recognise: RequestHandler;
  /** After a correct password: a fresh device cookie for this e-mail (a new nonce, a new count). */
  remember(res: Response, email: string): void;
}

export function createLoginDevices({ jwtSecret, publicUrl }: { jwtSecret: string; publicUrl: string }): LoginDevices {
  const secure = publicUrl.startsWith('https://');
  return {
    recognise: (req, res, next) => {
      const device = deviceOfCookie(readCookie(req, LOGIN_DEVICE_COOKIE), loginEmail(req), jwtSecret);
      if (device) res.locals.loginDevice = device;
      next();
    },
    remember: (res, email) => {
      res.cookie(LOGIN_DEVICE_COOKIE, signDeviceCookie(normalLoginEmail(email), jwtSecret), {
        httpOnly: true,
        secure,
        sameSite: 'lax',
        path: LOGIN_DEVICE_PATH,
        maxAge: ONE_YEAR_MS,
      });
    },
  };
}
