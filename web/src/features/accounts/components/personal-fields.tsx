/**
 * The personal fields shared by registration and profile (spec/1 §2): name, surname, nickname,
 * year of birth, country, preferred language, primary group and student type. The e-mail and
 * password inputs, which differ between the two screens, are passed in as `contact`.
 */
import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Grid } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { effectiveNickname, NAME_MIN, YOB_MIN, type registrationData } from '@lectio/shared';
import type { z } from 'zod';
import type { PersonalFormValues } from '../forms/schemas';
import { CountryField, FormSelectField, FormTextField, RadioChoiceField, YearSliderField } from '@/components/form/form-fields';

export type RegistrationData = z.output<typeof registrationData>;

const byName = (locale: string) => {
  const collator = new Intl.Collator(locale);
  return (a: { country_name: string }, b: { country_name: string }) => collator.compare(a.country_name, b.country_name);
};

function NicknameField() {
  const { t } = useTranslation();
  const { control } = useFormContext<PersonalFormValues>();
  const [nick, name, surname] = useWatch({ control, name: ['nick', 'name', 'surname'] });
  const fallback = (nick ?? '').trim().length < NAME_MIN && (name?.trim() || surname?.trim());
  return (
    <FormTextField
      name="nick"
      label={t('accounts.fields.nickname')}
      autoComplete="nickname"
      hint={
        fallback
          ? t('accounts.fields.nicknameFallback', { nickname: effectiveNickname(nick, name ?? '', surname ?? '').trim() })
          : t('accounts.fields.nicknameHint')
      }
    />
  );
}

export function PersonalFields({
  data,
  contact,
  onLanguageChange,
}: {
  data: RegistrationData;
  /** E-mail (and password) inputs, placed after the nickname. */
  contact: ReactNode;
  /** The profile switches the UI language as soon as the preferred language changes. */
  onLanguageChange?: (languageId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const currentYear = new Date().getFullYear();
  const countries = [...data.countries].sort(byName(i18n.language));

  return (
    <Grid container columnSpacing={2} rowSpacing={1}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="name" label={t('accounts.fields.name')} autoComplete="given-name" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormTextField name="surname" label={t('accounts.fields.surname')} autoComplete="family-name" required />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NicknameField />
      </Grid>
      {contact}
      <Grid size={12} sx={{ mb: 1 }}>
        <YearSliderField
          name="age"
          label={t('accounts.fields.yob')}
          min={YOB_MIN}
          max={currentYear}
          hint={t('accounts.fields.yobHint')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <CountryField name="country" label={t('accounts.fields.country')} countries={countries} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelectField
          name="lang"
          label={t('accounts.fields.language')}
          required
          choices={data.languages.map((l) => ({ value: l.id, label: l.name }))}
          {...(onLanguageChange ? { onValueChange: (value) => onLanguageChange(Number(value)) } : {})}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelectField
          name="group"
          label={t('accounts.fields.group')}
          choices={[
            { value: '', label: t('accounts.fields.groupNone') },
            ...data.groups.map((g) => ({ value: g.group_name, label: g.group_name })),
          ]}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RadioChoiceField
          name="content_type_id"
          label={t('accounts.fields.studentType')}
          required
          row
          choices={[
            { value: 1, label: t('accounts.fields.teenStudent') },
            { value: 2, label: t('accounts.fields.universityStudent') },
          ]}
        />
      </Grid>
    </Grid>
  );
}
