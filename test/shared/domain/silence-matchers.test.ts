import { MatcherError } from '../../../shared/domain/matchers.ts';
import { silenceMatchers } from '../../../shared/domain/silence.ts';

describe('silenceMatchers: a silence must not mute nearly every alert', () => {
  it.each([
    // Every matcher holds for any value its label takes: severity, platform and integration are always set.
    'severity=~".+"',
    'severity=~"critical|high|medium|low"',
    'platform=~".+"',
    'integration=~".+"',
    'integration=~".*-.*"',
    // Any ordinary value of an arbitrary label: all alerts that have it, which in practice is all of them.
    'env=~".+"',
    '{env=~".+", alertname!="Watchdog"}',
    '{env=~".+", alertname!~"Watchdog|InfoInhibitor"}',
    '{env=~".+", severity=~".+"}',
    '{env=~".*", team=~".+"}',
    // Excluding one value of a label that can take any: still every other alert.
    '{env=~".+", team!="x"}',
  ])('refuses %s', (text) => {
    expect(() => silenceMatchers(text)).toThrow(MatcherError);
    expect(() => silenceMatchers(text)).toThrow(/matches any value of every label it names, so this silence would mute nearly every alert/);
  });

  it.each(['a=~".*"', '{a=~".*", b!="x"}', 'a=""', 'severity!="none"', 'alertname!="Watchdog"'])(
    'still refuses %s, which matches alerts lacking every label it names',
    (text) => {
      expect(() => silenceMatchers(text)).toThrow('at least one matcher must not match the empty string');
    },
  );

  it.each([
    'alertname="DiskFull"',
    'severity=~"low|medium"',
    '{severity!="critical", env="prod"}',
    '{env=~".+", severity!="low"}',
    '{env=~".+", alertname="DiskFull"}',
    '{severity=~".+", job="batch"}',
    'instance=~"db-.*"',
    '{env=~".+", team!~"x.*"}',
    'env=~"prod|staging"',
    '{alertname!="Watchdog", env="prod"}',
  ])('accepts %s, which selects some alerts only', (text) => {
    expect(() => silenceMatchers(text)).not.toThrow();
  });

  it('names the matchers in the message', () => {
    expect(() => silenceMatchers(['env=~".+"', 'severity=~".+"'])).toThrow('{env=~".+", severity=~".+"} matches any value');
  });
});
