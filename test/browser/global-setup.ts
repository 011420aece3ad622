import { installMissingPackages } from '../support/system-packages';

/** Chromium for the example app's test: installed first on a fresh Debian machine. */
export function setup() {
  installMissingPackages(['chromium']);
}
