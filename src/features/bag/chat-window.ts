/**
 * Opening the chat after an order is recorded. Browsers open a window only during the shopper's
 * click, and the order is recorded after it (a request): so the window is opened empty in the click
 * and sent to the chat once the answer arrives, or closed if the order cannot go. Without a window
 * (a blocker), this tab goes to the chat.
 */

/** Opens the window the chat will go to; call it synchronously in the click. */
export function reserveChatWindow(): Window | null {
  try {
    return window.open('', '_blank');
  } catch {
    return null;
  }
}

/** Sends the reserved window (or this tab) to the chat, with no way back to this page from it. */
export function openChat(win: Window | null, link: string): void {
  if (win && !win.closed) {
    win.opener = null;
    win.location.href = link;
  } else {
    window.location.href = link;
  }
}

export function releaseChatWindow(win: Window | null): void {
  if (win && !win.closed) win.close();
}
