import { Button, Menu } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCheck } from '@tabler/icons-react';
import type { QualityLevel } from './useHlsPlayback';

const label = (level: QualityLevel) => `${level.height}p`;

/**
 * Auto plus each rung of the ladder. Mantine's menu is keyboard operable: Enter or Space opens it,
 * arrow keys move between items, Escape closes it and returns focus to the button.
 */
export function QualityMenu({ levels, selected, playing, onSelect }: { levels: QualityLevel[]; selected: number; playing: number | null; onSelect: (index: number) => void }) {
  if (levels.length === 0) return null;
  const playingLevel = levels.find((l) => l.index === playing);
  const chosen = levels.find((l) => l.index === selected);
  const current = chosen ? label(chosen) : `Auto${playingLevel ? ` (${label(playingLevel)})` : ''}`;
  const item = (index: number, text: string) => (
    <Menu.Item key={index} data-selected={selected === index || undefined} leftSection={selected === index ? <IconCheck size={14} /> : <span style={{ width: 14 }} />} onClick={() => onSelect(index)}>
      {text}
    </Menu.Item>
  );
  return (
    <Menu position="top-end" withinPortal shadow="md">
      <Menu.Target>
        <Button size="compact-sm" variant="default" leftSection={<IconAdjustmentsHorizontal size={14} />} aria-label={`Quality: ${current}`}>
          {current}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label="Quality">
        <Menu.Label>Quality</Menu.Label>
        {item(-1, 'Auto')}
        {levels.map((level) => item(level.index, label(level)))}
      </Menu.Dropdown>
    </Menu>
  );
}
