import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { initI18n } from '@/lib/i18n';
import { BreadcrumbProvider, Breadcrumbs, DocumentTitle, useBreadcrumbs, type Crumb, type FixedCrumb } from './breadcrumbs';

function Page({ crumbs, current }: { crumbs: Crumb[]; current?: FixedCrumb }) {
  useBreadcrumbs(crumbs, current);
  return null;
}

async function renderTrail(crumbs: Crumb[], current?: FixedCrumb) {
  await initI18n('en');
  render(
    <MemoryRouter>
      <BreadcrumbProvider>
        <DocumentTitle />
        <Breadcrumbs />
        <Page crumbs={crumbs} {...(current ? { current } : {})} />
      </BreadcrumbProvider>
    </MemoryRouter>,
  );
}

describe('breadcrumbs', () => {
  it('start with Dashboard and Course list and end with the page crumbs; the title follows the last', async () => {
    await renderTrail([{ label: 'Programming', to: '/areas/1' }, { label: 'Python basics' }]);
    const trail = await screen.findByTestId('breadcrumbs');
    await waitFor(() =>
      expect([...trail.querySelectorAll('li:not([aria-hidden])')].map((li) => li.textContent)).toEqual([
        'Dashboard',
        'Course list',
        'Programming',
        'Python basics',
      ]),
    );
    expect(screen.getByRole('link', { name: 'Programming' }).getAttribute('href')).toBe('/areas/1');
    expect(document.title).toBe('Lectio - Python basics');
  });

  it('shows a placeholder for an empty crumb', async () => {
    await renderTrail([{ label: '' }]);
    expect(await screen.findByText('(no name)')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Lectio - (no name)'));
  });

  it('names the dashboard as the current page on the dashboard itself (title too), not Course list', async () => {
    await renderTrail([], 'dashboard');
    const trail = await screen.findByTestId('breadcrumbs');
    await waitFor(() => expect(document.title).toBe('Lectio - Dashboard'));
    expect(trail.querySelector('[aria-current="page"]')?.textContent).toBe('Dashboard');
    expect(screen.getByRole('link', { name: 'Course list' }).getAttribute('href')).toBe('/categories');
  });
});
