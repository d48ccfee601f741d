/**
 * The web's reading of `permissions.list` (spec/2 §6): the same pure `may` the server uses decides
 * what the list editors show. The list language is remembered per course in local storage.
 */
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { may, type PermissionAction, type PermissionGrant } from '@lectio/shared';
import { useSession } from '@/lib/auth';
import { languageIdOf } from '@/lib/i18n';
import { storage } from '@/lib/storage';

export function useMay(list: Array<{ role_code: string; language_id: number; sub_obj_id: number; sub_obj_kind?: 'chapter' | 'lesson' }> | undefined) {
  const { user } = useSession();
  const grants = (list ?? []) as PermissionGrant[];
  return useCallback((action: PermissionAction) => may({ roleId: user?.role_id ?? 1 }, grants, action), [user?.role_id, grants]);
}


function readRemembered(): Record<string, number> {
  try {
    const value = JSON.parse(storage.get('courseLanguages') ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/** The list editors' language of a course: remembered in local storage; default the user's language. */
export function useCourseLanguage(courseId: number | undefined): [number, (langId: number) => void] {
  const { i18n } = useTranslation();
  const fallback = languageIdOf(i18n.resolvedLanguage ?? i18n.language);
  const [langId, setLangId] = useState<number | null>(null);
  const remembered = courseId ? readRemembered()[String(courseId)] : undefined;
  const current = langId ?? (remembered && remembered >= 1 && remembered <= 8 ? remembered : fallback);
  const set = (next: number) => {
    setLangId(next);
    if (courseId) storage.set('courseLanguages', JSON.stringify({ ...readRemembered(), [String(courseId)]: next }));
  };
  return [current, set];
}
