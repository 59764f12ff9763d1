import { NavLink, Outlet } from 'react-router-dom';

/** One tab of a settings area: a link to its route. */
export interface SettingsTab {
  to: string;
  label: string;
  testId: string;
}

/**
 * A settings area's sections as tabs (`.settings-tabs`, accounts.css) above the section shown,
 * the route's outlet (`.settings-panel`). The tabs are links in a named navigation landmark.
 */
export function SettingsTabs({ label, tabs }: { label: string; tabs: readonly SettingsTab[] }) {
  return (
    <>
      <nav aria-label={label} className="settings-tabs">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.to}>
              {/* NavLink marks the current section with aria-current="page". */}
              <NavLink to={tab.to} data-testid={tab.testId}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-panel">
        <Outlet />
      </div>
    </>
  );
}
