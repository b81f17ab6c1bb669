import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { useId } from '@mantine/hooks';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import { useState } from 'react';
import { editorHtml, richTextExtensions } from '../editor/extensions';
import { ImageDialog } from '../editor/image-dialog';
import { MediaAndTableControls } from '../editor/rich-text-toolbar';

interface RichTextInputProps {
  label: string;
  description?: string;
  /** HTML; read once when the editor starts. Remount (change the key) to load another text. */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  readOnly?: boolean;
}

/**
 * Rich text through Tiptap: headings, marks, lists, links, quotes, code, images (with required alt text)
 * and tables. Its schema is the mirror of the server's sanitiser, so every stored body opens and saves
 * unchanged (editor/rich-text-round-trip.test.ts); the server still decides what is kept.
 */
export function RichTextInput({ label, description, value, onChange, error, readOnly }: RichTextInputProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [image, setImage] = useState<{ key: number; editing: { src: string; alt: string } | null } | null>(
    null,
  );
  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    editable: !readOnly,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
      },
    },
    onUpdate: ({ editor: current }) => onChange(editorHtml(current)),
  });

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId }}
      description={description}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor editor={editor} mt={4}>
        {readOnly ? null : (
          <RichTextEditor.Toolbar sticky stickyOffset="var(--app-shell-header-height, 0px)">
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
              <RichTextEditor.H4 />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
              <RichTextEditor.Strikethrough />
              <RichTextEditor.Code />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
              <RichTextEditor.Blockquote />
              <RichTextEditor.CodeBlock />
              <RichTextEditor.Hr />
            </RichTextEditor.ControlsGroup>
            <MediaAndTableControls
              onInsertImage={() => setImage({ key: Date.now(), editing: null })}
              onEditImage={() => {
                const attributes = editor?.getAttributes('image') ?? {};
                setImage({
                  key: Date.now(),
                  editing: { src: String(attributes.src ?? ''), alt: String(attributes.alt ?? '') },
                });
              }}
            />
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Undo />
              <RichTextEditor.Redo />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={220} />
      </RichTextEditor>
      {image ? (
        <ImageDialog
          key={image.key}
          opened
          editing={image.editing}
          onClose={() => setImage(null)}
          onDone={({ src, alt }) => {
            if (!editor) return;
            if (image.editing) editor.chain().focus().updateAttributes('image', { alt }).run();
            else editor.chain().focus().setImage({ src, alt }).run();
          }}
        />
      ) : null}
    </Input.Wrapper>
  );
}
