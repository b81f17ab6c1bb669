import { Container, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandLogo } from '../../components/ui/brand-logo';
import { SkipLink } from '../../components/ui/skip-link';
import { SessionEffects } from '../../features/session/components/session-effects';
import type { LayoutName, NavVariant } from '../route-meta';
import { ColorModeToggle } from './color-mode-toggle';
import classes from './layouts.module.css';
import { LoginAside } from './login-aside';
import { RespondentNav } from './respondent-nav';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/** The six layouts of spec §2; a route names one in its staticData. */
export function AppLayout({
  layout,
  nav = 'site',
  children,
}: {
  layout: LayoutName;
  nav?: NavVariant;
  children: ReactNode;
}) {
  return (
    <>
      <SessionEffects />
      <LayoutFrame layout={layout} nav={nav === 'respondent' ? <RespondentNav /> : <TopNav />}>
        {children}
      </LayoutFrame>
    </>
  );
}

function LayoutFrame({ layout, nav, children }: { layout: LayoutName; nav: ReactNode; children: ReactNode }) {
  switch (layout) {
    case 'marketing':
      return (
        <div className={classes.page}>
          <SkipLink />
          {nav}
          <main id="main" tabIndex={-1} className={classes.main}>
            {children}
          </main>
          <SiteFooter />
        </div>
      );
    case 'default':
      return (
        <div className={`${classes.page} ${classes.fixedFrame}`}>
          <SkipLink />
          {nav}
          <main id="main" tabIndex={-1} className={`${classes.fixedMain} ${classes.appSurface}`}>
            <Container size="lg" py="xl">
              {children}
            </Container>
          </main>
        </div>
      );
    case 'default-scrollable':
      return (
        <div className={classes.page}>
          <SkipLink />
          {nav}
          <main id="main" tabIndex={-1} className={`${classes.main} ${classes.appSurface}`}>
            <Container size="lg" py="xl">
              {children}
            </Container>
          </main>
        </div>
      );
    case 'mobile-scrollable':
      return (
        <div className={`${classes.page} ${classes.mobileScrollableFrame}`}>
          <SkipLink />
          {nav}
          <main id="main" tabIndex={-1} className={`${classes.mobileScrollableMain} ${classes.appSurface}`}>
            <Container size="lg" py="xl">
              {children}
            </Container>
          </main>
        </div>
      );
    case 'login':
      return (
        <div className={classes.loginFrame}>
          <SkipLink />
          <LoginAside />
          <div className={classes.loginMain}>
            <Group component="header" justify="space-between" px="md" py="sm" hiddenFrom="md">
              <Link to="/" className={classes.brandLink} aria-label="TeenVoice home">
                <BrandLogo />
              </Link>
              <ColorModeToggle />
            </Group>
            <main id="main" tabIndex={-1} className={classes.loginContent}>
              {children}
            </main>
          </div>
        </div>
      );
    case 'empty':
      return (
        <>
          <SkipLink />
          <main id="main" tabIndex={-1} className={classes.emptyMain}>
            {children}
          </main>
        </>
      );
  }
}
