import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CaloriesBurnedCard, CaloriesCard, PushupsCard, StepsCard } from './progress-cards';

const inRouter = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);
const card = (title: string) => screen.getByRole('region', { name: title });
const ring = (title: string) => within(card(title)).getByRole('progressbar', { name: `${title} progress` });

describe('the four cards', () => {
  it('Calories: consumed/goal and calories remaining', () => {
    inRouter(<CaloriesCard consumed={120} />);
    expect(within(card('Calories')).getByText('120/500')).toBeInTheDocument();
    expect(within(card('Calories')).getByText('380 calories remaining')).toBeInTheDocument();
    expect(ring('Calories')).toHaveAttribute('aria-valuenow', '24');
    expect(ring('Calories')).toHaveAttribute('aria-valuetext', '120 of 500 calories');
  });

  it('Calories: daily limit reached at 500 and the ring clamps at 100 above it', () => {
    inRouter(<CaloriesCard consumed={620} />);
    expect(within(card('Calories')).getByText('Daily limit reached')).toBeInTheDocument();
    expect(within(card('Calories')).queryByText(/calories remaining/)).not.toBeInTheDocument();
    expect(ring('Calories')).toHaveAttribute('aria-valuenow', '100');
  });

  it('Steps: locale-formatted with steps to go, then Daily goal reached!', () => {
    const { unmount } = inRouter(<StepsCard steps={12_500} />);
    expect(within(card('Steps')).getByText((12_500).toLocaleString())).toBeInTheDocument();
    expect(within(card('Steps')).getByText(`${(5_500).toLocaleString()} steps to go`)).toBeInTheDocument();
    expect(ring('Steps')).toHaveAttribute('aria-valuenow', '69');
    unmount();
    inRouter(<StepsCard steps={18_000} />);
    expect(within(card('Steps')).getByText('Daily goal reached!')).toBeInTheDocument();
    expect(ring('Steps')).toHaveAttribute('aria-valuenow', '100');
  });

  it('Push-ups: count/goal, Add Set links to /workout, a button opens the log dialog', () => {
    const { unmount } = inRouter(<PushupsCard pushups={12} />);
    expect(within(card('Push-ups')).getByText('12/40')).toBeInTheDocument();
    expect(within(card('Push-ups')).getByText('28 push-ups to go')).toBeInTheDocument();
    expect(ring('Push-ups')).toHaveAttribute('aria-valuenow', '30');
    unmount();
    inRouter(<PushupsCard pushups={55} />);
    expect(within(card('Push-ups')).getByText('Daily goal reached!')).toBeInTheDocument();
    expect(within(card('Push-ups')).getByText('55/40')).toBeInTheDocument();
    expect(within(card('Push-ups')).getByRole('link', { name: 'Add Set' })).toHaveAttribute('href', '/workout');
    expect(within(card('Push-ups')).getByRole('button', { name: 'Log Push-ups' })).toBeInTheDocument();
    expect(ring('Push-ups')).toHaveAttribute('aria-valuenow', '100');
  });

  it('Calories Burned: calories to go, then Daily goal reached!; zero is an empty ring', () => {
    const { unmount } = inRouter(<CaloriesBurnedCard burned={0} />);
    expect(within(card('Calories Burned')).getByText(`${(1000).toLocaleString()} calories to go`)).toBeInTheDocument();
    expect(ring('Calories Burned')).toHaveAttribute('aria-valuenow', '0');
    unmount();
    inRouter(<CaloriesBurnedCard burned={1200} />);
    expect(within(card('Calories Burned')).getByText('Daily goal reached!')).toBeInTheDocument();
  });

  it('draws a reached goal in the calm brand green, never the red of Calories Burned', () => {
    const arc = (title: string) => within(ring(title)).getByTestId('ring-arc');
    const { unmount } = inRouter(<CaloriesBurnedCard burned={400} />);
    expect(arc('Calories Burned')).toHaveClass('text-rose-600');
    unmount();
    inRouter(
      <>
        <CaloriesBurnedCard burned={1000} />
        <PushupsCard pushups={40} />
        <StepsCard steps={18_000} />
      </>,
    );
    for (const title of ['Calories Burned', 'Push-ups', 'Steps']) {
      expect(arc(title)).toHaveClass('text-brand-700');
      expect(arc(title).getAttribute('class')).not.toMatch(/(rose|red)-[0-9]/);
    }
  });
});
