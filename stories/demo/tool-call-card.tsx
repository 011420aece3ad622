import type { UIMessage } from 'ai';

type ToolPart = Extract<UIMessage['parts'][number], { toolCallId: string }>;

/** A tool call as an approval screen shows it: the (restored) arguments, approve or deny. */
export function ToolCallCard({
  part,
  onDecide,
}: {
  part: ToolPart;
  onDecide?: (approved: boolean) => void;
}) {
  const name = part.type === 'dynamic-tool' ? part.toolName : part.type.slice('tool-'.length);
  const input = (part.input ?? {}) as Record<string, unknown>;
  return (
    <div
      data-testid={`tool-${part.toolCallId}`}
      style={{ border: '1px solid #ccc', borderRadius: 6, padding: 8 }}
    >
      <strong>{name}</strong> <small>{part.state}</small>
      <dl>
        {Object.entries(input).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>{Array.isArray(value) ? value.join(', ') : String(value)}</dd>
          </div>
        ))}
      </dl>
      {part.state === 'approval-requested' && onDecide ? (
        <p>
          <button type="button" onClick={() => onDecide(true)}>
            Approve
          </button>{' '}
          <button type="button" onClick={() => onDecide(false)}>
            Deny
          </button>
        </p>
      ) : null}
    </div>
  );
}
