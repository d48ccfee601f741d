/** The side menu of spec/1 §2, in its order; admins get four more entries. */
import type { SvgIconComponent } from '@mui/icons-material';
import AccountCircle from '@mui/icons-material/AccountCircle';
import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import Assignment from '@mui/icons-material/Assignment';
import Groups from '@mui/icons-material/Groups';
import Key from '@mui/icons-material/Key';
import Leaderboard from '@mui/icons-material/Leaderboard';
import Mail from '@mui/icons-material/Mail';
import Memory from '@mui/icons-material/Memory';
import Psychology from '@mui/icons-material/Psychology';
import Quiz from '@mui/icons-material/Quiz';
import School from '@mui/icons-material/School';
import Timeline from '@mui/icons-material/Timeline';
import Campaign from '@mui/icons-material/Campaign';

export interface MenuEntry {
  /** The route name; also the test id `menu-<name>` and the translation key `menu.<name>`. */
  name:
    | 'profile'
    | 'pwdchange'
    | 'personalisation_tests'
    | 'message_list'
    | 'myquestionnaires'
    | 'leaderboard'
    | 'groups'
    | 'teacher_dashboard'
    | 'que_list'
    | 'message_admin_list'
    | 'users_activity'
    | 'show_kernels';
  to: string;
  icon: SvgIconComponent;
}

export const userEntries: MenuEntry[] = [
  { name: 'profile', to: '/profile', icon: AccountCircle },
  { name: 'pwdchange', to: '/pwdchange', icon: Key },
  { name: 'personalisation_tests', to: '/personalisation_tests', icon: Psychology },
  { name: 'message_list', to: '/message_list', icon: Mail },
  { name: 'myquestionnaires', to: '/myquestionnaires', icon: Assignment },
  { name: 'leaderboard', to: '/leaderboard', icon: Leaderboard },
  { name: 'groups', to: '/groups/', icon: Groups },
  { name: 'teacher_dashboard', to: '/teacher_dashboard/', icon: School },
];

export const adminEntries: MenuEntry[] = [
  { name: 'que_list', to: '/que_list', icon: Quiz },
  { name: 'message_admin_list', to: '/message_admin_list', icon: Campaign },
  { name: 'users_activity', to: '/users_activity', icon: Timeline },
  { name: 'show_kernels', to: '/show_kernels/', icon: Memory },
];

export const adminSectionIcon = AdminPanelSettings;
