/** The signed-in home: greeting, question box, shortcuts and alerts; the router lazy-loads the page. */
export { default as DashboardPage } from './DashboardPage';
