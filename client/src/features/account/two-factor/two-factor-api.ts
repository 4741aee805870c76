// The account's own second-factor calls (shared/contract/two-factor.ts), made with
// useAuthedApi().call(twoFactorApi.…). The login's code step is in features/auth.
export { twoFactorApi } from '../../../../../shared/contract/two-factor';
