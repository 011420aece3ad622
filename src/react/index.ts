'use client';

export { type DisplayTextOptions, displayText } from '../core/client/display-text';
export {
  PII_DATA_PART_TYPE,
  type PiiDataChunk,
  readPiiDataPart,
} from '../core/client/pii-data-part';
export {
  createPiiEntryStore,
  type PiiEntryStore,
  type PiiEntryStoreOptions,
  type RenderToken,
} from '../core/client/pii-entry-store';
// The browser entry: no detector, vault or server code (see bench/react-bundle-size.ts).
export type { TokenMatch } from '../core/placeholder/format';
export type { PiiEntry } from '../core/session';
export { PiiText, type PiiTextProps } from './pii-text';
export { type UsePiiChatHelpers, type UsePiiChatOptions, usePiiChat } from './use-pii-chat';
