/**
 * The account settings screens (/web/account-settings/:tab): my profile, general and boost,
 * each saving through the account profile. Keeps no state of its own.
 */
export { AccountSettingsLayout } from './components/AccountSettingsLayout';
export { BoostSettings } from './components/BoostSettings';
export { GeneralSettings } from './components/GeneralSettings';
export { MyProfileSettings } from './components/MyProfileSettings';
