import type builderCopyFile from '@tv/contract/copy/builder-copy.json';

/** The builder's interface copy (section 'builder'); routes load it and hand it to the screens. */
export type BuilderCopy = (typeof builderCopyFile)['builder'];
