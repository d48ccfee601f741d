/** Business constants of spec/1 §9 shared by server and web. */
export const PRODUCT_NAME = 'Lectio';
export const VERSION_LABEL = 'v. 2.811 (2025-10-19)';
export const OAUTH_CLIENT_ID = 2;
export const LEADERBOARD_PAGE_SIZE = 100;
export const LEADERBOARD_PAGE_LINKS = 10;
export const MESSAGE_EXCERPT_LENGTH = 30;
export const YOB_MIN = 1940;
export const NAME_MIN = 2;
export const NAME_MAX = 40;
export const PASSWORD_MIN = 5;
export const UNAUTHORIZED_MESSAGE = 'Unauthorized.';
/** WebSocket limits of API Gateway, mirrored by the local cloud. */
export const WS_MAX_MESSAGE_BYTES = 128 * 1024;
export const WS_IDLE_TIMEOUT_MS = 10 * 60 * 1000;
