import { Link } from '@mantine/tiptap';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';

/**
 * The editor's schema, the mirror of the server's sanitiser (apps/server/src/modules/content/rich-text.ts):
 * whatever the sanitiser keeps, these nodes and marks can hold, so opening and saving a body changes
 * nothing (rich-text-round-trip.test.ts proves it). Images are inline (so an image inside a paragraph
 * stays there) and keep src, alt, title, width and height; tables keep header cells, colspan and rowspan.
 * Links keep the target and rel the sanitiser gives them instead of adding Tiptap's own.
 */
export function richTextExtensions() {
  return [
    StarterKit.configure({ heading: { levels: [2, 3, 4, 5, 6] }, link: false, trailingNode: false }),
    Link.configure({ openOnClick: false, HTMLAttributes: { target: null, rel: null } }),
    Image.configure({ inline: true, allowBase64: false }),
    TableKit.configure({ table: { resizable: false } }),
  ];
}

/**
 * What the editor saves: '' for a document of one empty paragraph, as the server stores it (not Tiptap's
 * isEmpty, which also calls an empty quote or list empty and would drop it).
 */
export function editorHtml(editor: { getHTML: () => string }): string {
  const html = editor.getHTML();
  return html === '<p></p>' ? '' : html;
}
