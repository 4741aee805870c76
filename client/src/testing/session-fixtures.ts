import type { SessionUser } from '../../../shared/schemas/auth';

export const demoUser: SessionUser = {
  id: 7,
  fullName: 'Camille Dupont',
  email: 'camille@example.test',
  role: 'customer',
  avatarUrl: null,
  emailVerified: true,
  userType: 'particulier',
  country: 'BE',
  currency: 'EUR',
  language: 'fr',
};

/** Puts a session in localStorage the way the app stores it (spec §3 keys). */
export function storeDemoSession(user: SessionUser = demoUser, token = 'stored-token') {
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', token);
}
