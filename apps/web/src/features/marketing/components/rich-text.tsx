import { Typography } from '@mantine/core';
import classes from './research.module.css';

/**
 * HTML the content service has already sanitised (allow-listed tags and attributes), so it is safe
 * to set as markup; Typography gives it the theme's headings, lists and links.
 */
export function RichText({ html }: { html: string }) {
  return (
    <Typography className={classes.richText}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises rich text on write */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
