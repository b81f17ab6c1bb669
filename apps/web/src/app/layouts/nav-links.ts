export const mainNavLinks = [
  { to: '/products', label: 'Products' },
  { to: '/research', label: 'Research' },
  { to: '/why-us', label: 'Why us' },
  { to: '/quality', label: 'Quality' },
  { to: '/about-us', label: 'About us' },
  { to: '/contact', label: 'Contact' },
] as const;
