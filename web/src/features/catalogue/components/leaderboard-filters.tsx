/** The leaderboard filters (spec/1 §2): multi-select areas, courses, countries and groups. */
import { Autocomplete, Grid, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LeaderFilterData, LeaderFilters } from '../api/leaderboard';

interface Option {
  id: number;
  label: string;
}

function MultiSelect({
  name,
  label,
  options,
  value,
  onChange,
}: {
  name: string;
  label: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      size="small"
      options={options}
      value={selected}
      onChange={(_event, chosen) => onChange(chosen.map((o) => o.id))}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      noOptionsText={t('leaderboard.noOptions')}
      data-testid={`filter-${name}`}
      renderInput={(params) => <TextField {...params} label={label} name={name} />}
    />
  );
}

export function LeaderboardFilters({
  data,
  value,
  onChange,
}: {
  data: LeaderFilterData;
  value: LeaderFilters;
  onChange: (filters: LeaderFilters) => void;
}) {
  const { t } = useTranslation();
  const fields: Array<{ key: keyof LeaderFilters; options: Option[] }> = [
    { key: 'areas', options: data.areas.map((a) => ({ id: a.id, label: a.name })) },
    { key: 'courses', options: data.courses.map((c) => ({ id: c.id, label: c.name })) },
    { key: 'countries', options: data.countries.map((c) => ({ id: c.id, label: c.country_name })) },
    { key: 'groups', options: data.groups.map((g) => ({ id: g.id, label: g.group_name })) },
  ];
  return (
    <Grid
      container
      spacing={2}
      sx={{ mb: 2 }}
      component="form"
      role="search"
      aria-label={t('leaderboard.filters')}
      onSubmit={(e) => e.preventDefault()}
    >
      {fields.map((field) => (
        <Grid key={field.key} size={{ xs: 12, sm: 6, md: 3 }}>
          <MultiSelect
            name={field.key}
            label={t(`leaderboard.filter.${field.key}`)}
            options={field.options}
            value={value[field.key]}
            onChange={(ids) => onChange({ ...value, [field.key]: ids })}
          />
        </Grid>
      ))}
    </Grid>
  );
}
