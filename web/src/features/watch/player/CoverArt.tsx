import { Box, Image, Text } from '@mantine/core';

/** A stable hue from the title, so a show without art keeps the same cover on every screen. */
function hueOf(title: string): number {
  let hash = 0;
  for (const char of title) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return hash % 360;
}

function initials(title: string): string {
  const words = title.split(/\s+/).filter((w) => /\p{L}|\p{N}/u.test(w));
  return words.slice(0, 2).map((w) => [...w][0]!.toUpperCase()).join('') || '♪';
}

/** The show's art, or a cover generated from its title when it has none. */
export function CoverArt({ title, poster, size }: { title: string; poster: string | null; size: number }) {
  if (poster) return <Image src={poster} alt={`${title} cover art`} w={size} h={size} radius="md" fit="cover" />;
  const hue = hueOf(title);
  return (
    <Box
      role="img"
      aria-label={`${title} cover art`}
      w={size}
      h={size}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: `linear-gradient(135deg, hsl(${hue} 70% 45%), hsl(${(hue + 60) % 360} 70% 30%))`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flexShrink: 0,
      }}
    >
      <Text fw={800} c="white" fz={size / 3} lh={1}>
        {initials(title)}
      </Text>
    </Box>
  );
}
