/** The side menu's drawer on narrow screens (loaded when first opened: components/lazy-overlay). */
import type { ReactNode } from 'react';
import { Drawer } from '@mui/material';

export interface SideMenuDrawerProps {
  open: boolean;
  onClose: () => void;
  width: number;
  children: ReactNode;
}

export default function SideMenuDrawer({ open, onClose, width, children }: SideMenuDrawerProps) {
  return (
    <Drawer variant="temporary" open={open} onClose={onClose} ModalProps={{ keepMounted: false }} slotProps={{ paper: { sx: { width } } }}>
      {children}
    </Drawer>
  );
}
