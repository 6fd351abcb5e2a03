/**
 * The time shown beside a chat message: the time alone for today's messages, the day too for older
 * ones, so a history that spans days does not read as if it were all said just now.
 */
export function messageTime(timestamp: string, now = new Date()): string {
  const at = new Date(timestamp);
  const time = at.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  if (at.toDateString() === now.toDateString()) return time;
  return `${at.toLocaleDateString([], { month: 'short', day: 'numeric' })}, ${time}`;
}
