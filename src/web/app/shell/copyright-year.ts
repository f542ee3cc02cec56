import type { ClientConfig } from '@common/client-config';

/** Copyright years from spec section 9; the PI layout has none given, so it shows the current year. */
export function copyrightYear(footerType: ClientConfig['footerType'], now = new Date()): number {
  switch (footerType) {
    case 'SE':
      return 2022;
    case 'Min':
      return 2023;
    case 'DQ':
      return 2025;
    case 'PI':
      return now.getFullYear();
  }
}
