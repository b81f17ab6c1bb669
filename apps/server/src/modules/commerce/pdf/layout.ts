/** The PDF drawing helpers moved to lib/pdf-layout.ts, so that results reports share them (decision 031). */
export * from '../../../lib/pdf-layout';
