import { RichTextEditor, useRichTextEditorContext } from '@mantine/tiptap';
import {
  IconColumnInsertRight,
  IconColumnRemove,
  IconPhoto,
  IconPhotoEdit,
  IconRowInsertBottom,
  IconRowRemove,
  IconTable,
  IconTableOff,
  IconTableRow,
} from '@tabler/icons-react';
import { useEditorState } from '@tiptap/react';

interface ToolbarProps {
  onInsertImage: () => void;
  onEditImage: () => void;
}

/** Image and table tools; the table ones show only with the cursor in a table. */
export function MediaAndTableControls({ onInsertImage, onEditImage }: ToolbarProps) {
  const { editor } = useRichTextEditorContext();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      inTable: current?.isActive('table') ?? false,
      onImage: current?.isActive('image') ?? false,
    }),
  });
  const run = (command: (chain: NonNullable<typeof editor>) => void) => () => {
    if (editor) command(editor);
  };

  return (
    <>
      <RichTextEditor.ControlsGroup>
        <RichTextEditor.Control onClick={onInsertImage} aria-label="Insert image" title="Insert image">
          <IconPhoto size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
        {state?.onImage ? (
          <RichTextEditor.Control
            onClick={onEditImage}
            aria-label="Edit image alt text"
            title="Edit image alt text"
          >
            <IconPhotoEdit size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
        ) : null}
        <RichTextEditor.Control
          onClick={run((current) =>
            current.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          )}
          aria-label="Insert table"
          title="Insert table"
        >
          <IconTable size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </RichTextEditor.ControlsGroup>
      {state?.inTable ? (
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Control
            onClick={run((current) => current.chain().focus().addRowAfter().run())}
            aria-label="Add row below"
            title="Add row below"
          >
            <IconRowInsertBottom size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
          <RichTextEditor.Control
            onClick={run((current) => current.chain().focus().deleteRow().run())}
            aria-label="Remove row"
            title="Remove row"
          >
            <IconRowRemove size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
          <RichTextEditor.Control
            onClick={run((current) => current.chain().focus().addColumnAfter().run())}
            aria-label="Add column to the right"
            title="Add column to the right"
          >
            <IconColumnInsertRight size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
          <RichTextEditor.Control
            onClick={run((current) => current.chain().focus().deleteColumn().run())}
            aria-label="Remove column"
            title="Remove column"
          >
            <IconColumnRemove size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
          <RichTextEditor.Control
            onClick={run((current) => current.chain().focus().toggleHeaderRow().run())}
            aria-label="Header row on or off"
            title="Header row on or off"
          >
            <IconTableRow size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
          <RichTextEditor.Control
            onClick={run((current) => current.chain().focus().deleteTable().run())}
            aria-label="Remove table"
            title="Remove table (Undo brings it back)"
          >
            <IconTableOff size={16} stroke={1.5} aria-hidden />
          </RichTextEditor.Control>
        </RichTextEditor.ControlsGroup>
      ) : null}
    </>
  );
}
