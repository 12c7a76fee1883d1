// The page's small helpers for making and finding elements, shared by the room's views and the table's modules.

export const $ = (id) => document.getElementById(id);

/** An element with its properties (class, text, on… handlers, attributes) and children. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (value !== undefined && value !== null && value !== false) node.setAttribute(key, value);
  }
  node.append(...children);
  return node;
}

/** Whether an element is on the page for the eyes and the keys (not inside something hidden). */
export function shown(node) {
  return node.isConnected && node.closest("[hidden]") === null && node.getClientRects().length > 0;
}
