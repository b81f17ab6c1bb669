import { Anchor, type AnchorProps, Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorElementProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color' | 'style'>;

interface AnchorBaseProps extends Omit<AnchorProps, 'href'>, AnchorElementProps {
  ref?: Ref<HTMLAnchorElement>;
}

function AnchorBase(props: AnchorBaseProps) {
  return <Anchor {...props} />;
}

interface ButtonBaseProps extends Omit<ButtonProps, 'href'>, AnchorElementProps {
  ref?: Ref<HTMLAnchorElement>;
}

function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);
const CreatedButtonLink = createLink(ButtonBase);

/** A Mantine Anchor that routes in-app and prefetches its route on hover or focus. */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);

/** A Mantine Button that routes in-app and prefetches its route on hover or focus. */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
