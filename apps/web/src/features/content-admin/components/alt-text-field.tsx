import { Textarea } from '@mantine/core';

interface AltTextFieldProps {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Where this alt text is used, after the sentence every alt-text field starts with. */
  use: string;
}

/** An image's alt text, required: the one field the media library and the editor's image dialog share. */
export function AltTextField({ value, onChange, error, use }: AltTextFieldProps) {
  return (
    <Textarea
      label="Alt text"
      description={`What the image shows, for people who use a screen reader. ${use}`}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      autosize
      minRows={2}
      maxLength={500}
      required
      data-autofocus
    />
  );
}
