// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsTabs } from '../../../../src/renderer/app/SettingsTabs';

afterEach(cleanup);

const tabs = [
  { to: '/settings/profile', label: 'My profile', testId: 'tab-profile' },
  { to: '/settings/general', label: 'General', testId: 'tab-general' },
];

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/settings" element={<SettingsTabs label="Settings sections" tabs={tabs} />}>
          <Route path="profile" element={<p>Profile section</p>} />
          <Route path="general" element={<p>General section</p>} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('SettingsTabs', () => {
  it('lists the sections as links in a navigation landmark named by its label', () => {
    renderAt('/settings/profile');
    const nav = screen.getByRole('navigation', { name: 'Settings sections' });
    const links = Array.from(nav.querySelectorAll('li > a'));
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('data-testid')])).toEqual([
      ['My profile', '/settings/profile', 'tab-profile'],
      ['General', '/settings/general', 'tab-general'],
    ]);
  });

  it('marks the section shown as the current page, and shows it in the panel below', async () => {
    renderAt('/settings/profile');
    expect(screen.getByTestId('tab-profile').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('tab-general').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('Profile section').parentElement?.className).toBe('settings-panel');
    await userEvent.setup().click(screen.getByRole('link', { name: 'General' }));
    expect(screen.getByTestId('tab-general').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('General section')).toBeTruthy();
    expect(screen.queryByText('Profile section')).toBeNull();
  });
});
