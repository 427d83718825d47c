/**
 * Marks messages read or unread, archived or back in the inbox, one or many at once, with a toast
 * for the outcome. Only these two columns are writable (the database grants no other). After a mark
 * every list is asked again: an archived message leaves the inbox and the menu's count changes.
 */
import { type Identifier, useNotify, useRefresh, useUnselectAll, useUpdate, useUpdateMany } from 'react-admin';
import type { ContactMessage } from './rules.ts';

export type MessageMark = 'read' | 'unread' | 'archive' | 'unarchive';

/** The columns a mark writes, stamped now. */
export function markData(mark: MessageMark, now = new Date().toISOString()): Partial<ContactMessage> {
  switch (mark) {
    case 'read':
      return { read_at: now };
    case 'unread':
      return { read_at: null };
    case 'archive':
      return { archived_at: now };
    case 'unarchive':
      return { archived_at: null };
  }
}

export function useMessageMarks() {
  const notify = useNotify();
  const unselectAll = useUnselectAll('contact_messages');
  const refresh = useRefresh();
  const [updateOne] = useUpdate<ContactMessage>();
  const [updateMany] = useUpdateMany<ContactMessage>();
  const options = (mark: MessageMark, quiet: boolean) => ({
    mutationMode: 'pessimistic' as const,
    onSuccess: () => {
      unselectAll();
      refresh();
      if (!quiet) notify(`app.messages.marked.${mark}`, { type: 'success' });
    },
    onError: () => notify('app.messages.mark_error', { type: 'error' }),
  });
  return {
    /** One message; `quiet` for the automatic "read" when a message is opened. */
    markOne: (message: ContactMessage, mark: MessageMark, quiet = false) =>
      updateOne('contact_messages', { id: message.id, data: markData(mark), previousData: message }, options(mark, quiet)),
    markMany: (ids: Identifier[], mark: MessageMark) => updateMany('contact_messages', { ids, data: markData(mark) }, options(mark, false)),
  };
}
