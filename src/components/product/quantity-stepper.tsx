/** − quantity + : each press moves by one step (a whole case where the product has one). */
export function QuantityStepper({
  label,
  quantity,
  canDecrease,
  canIncrease,
  onStep,
}: {
  label: string
  quantity: number
  canDecrease: boolean
  canIncrease: boolean
  onStep: (by: 1 | -1) => void
}) {
  return (
    <div className="quantity" role="group" aria-label={label}>
      <button
        type="button"
        className="icon-button"
        aria-label="Decrease quantity"
        disabled={!canDecrease}
        onClick={() => onStep(-1)}
      >
        −
      </button>
      <span className="quantity-value" aria-live="polite" data-testid="page-quantity">
        {quantity}
      </span>
      <button
        type="button"
        className="icon-button"
        aria-label="Increase quantity"
        disabled={!canIncrease}
        onClick={() => onStep(1)}
      >
        +
      </button>
    </div>
  )
}
