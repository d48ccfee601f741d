/** A message type's look (spec/3 §3, §9: 1 success, 2 info, 3 warning, 4 error): its palette colour and icon. */
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import WarningAmber from '@mui/icons-material/WarningAmber';
import type { SvgIconProps } from '@mui/material';
import { messageTypeName, type MessageTypeName } from '@lectio/shared';

const icons: Record<MessageTypeName, typeof InfoOutlined> = {
  success: CheckCircleOutline,
  info: InfoOutlined,
  warning: WarningAmber,
  error: ErrorOutline,
};

/** The four types in order, as a select offers them. */
export const MESSAGE_TYPE_IDS = [1, 2, 3, 4] as const;

export function MessageTypeIcon({ messageType, ...props }: { messageType: number } & SvgIconProps) {
  const name = messageTypeName(messageType);
  const Icon = icons[name];
  return <Icon color={name} data-testid={`message-type-${name}`} {...props} />;
}

export { messageTypeName };
