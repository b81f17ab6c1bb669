import { Burger, Container, Divider, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useRouterState } from '@tanstack/react-router';
import { BrandLogo } from '../../components/ui/brand-logo';
import { ButtonLink } from '../../components/ui/links';
import { AccountDrawerLinks } from '../../features/session/components/account-drawer-links';
import { AccountMenu } from '../../features/session/components/account-menu';
import { CartButton } from '../../features/shop/components/cart-button';
import { useUserStore } from '../../stores/user-store';
import { useBrowserStateReady } from '../hydration';
import { ColorModeToggle } from './color-mode-toggle';
import classes from './layouts.module.css';
import { mainNavLinks } from './nav-links';

/** The builder lives under /research but is its own area; the Research link marks the public pages only. */
export function isSectionActive(to: string, pathname: string): boolean {
  if (to === '/research') return /^\/research(\/(reports|articles)(\/|$)|$)/.test(pathname);
  return pathname === to || pathname.startsWith(`${to}/`);
}

export function TopNav() {
  const [menuOpen, menu] = useDisclosure(false);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const storedSignIn = useUserStore((state) => state.status === 'authenticated' && state.user !== null);
  const signedIn = useBrowserStateReady() && storedSignIn;

  return (
    <header className={classes.header} data-site-chrome="">
      <Container size="lg" className={classes.headerInner}>
        <Group gap="xl" wrap="nowrap">
          <Link to="/" className={classes.brandLink} aria-label="TeenVoice home">
            <BrandLogo />
          </Link>
          <Group component="nav" aria-label="Main" gap={2} visibleFrom="md" wrap="nowrap">
            {mainNavLinks.map((link) => (
              <Link
                key={link.to}
                to={link.to}
                className={classes.navLink}
                data-active={isSectionActive(link.to, pathname) || undefined}
              >
                {link.label}
              </Link>
            ))}
          </Group>
        </Group>

        <Group gap="xs" wrap="nowrap">
          <ColorModeToggle />
          <CartButton />
          {signedIn ? (
            <AccountMenu />
          ) : (
            <>
              <ButtonLink to="/login" variant="default" radius="md" visibleFrom="xs">
                Sign in
              </ButtonLink>
              <ButtonLink to="/register" radius="md" visibleFrom="sm">
                Get started
              </ButtonLink>
            </>
          )}
          <Burger
            opened={menuOpen}
            onClick={menu.toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
          />
        </Group>
      </Container>

      <Drawer opened={menuOpen} onClose={menu.close} position="right" size="xs" title="Menu" hiddenFrom="md">
        <Stack gap={0} component="nav" aria-label="Main">
          {mainNavLinks.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={classes.drawerLink}
              data-active={isSectionActive(link.to, pathname) || undefined}
              onClick={menu.close}
            >
              {link.label}
            </Link>
          ))}
        </Stack>
        <Divider my="md" />
        {signedIn ? (
          <AccountDrawerLinks onNavigate={menu.close} />
        ) : (
          <Stack gap="sm">
            <ButtonLink to="/login" variant="default" onClick={menu.close} fullWidth>
              Sign in
            </ButtonLink>
            <ButtonLink to="/register" onClick={menu.close} fullWidth>
              Get started
            </ButtonLink>
          </Stack>
        )}
      </Drawer>
    </header>
  );
}
