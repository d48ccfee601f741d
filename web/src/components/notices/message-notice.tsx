/** Snackbar for a message that arrived over the WebSocket (message.new). */
import { lazyOverlay } from '../lazy-overlay';

export const MessageNotice = lazyOverlay(() => import('./message-notice-view'), (props) => props.text !== null, (props) => props.onClose());
