// Keyframes of the marketing pages, hoisted into <head> once by React 19 (the shared stylesheet stays untouched).
const CSS = `
@keyframes atomix-rise {
  from { transform: translate3d(0, 105vh, 0); opacity: 0; }
  10% { opacity: 1; }
  90% { opacity: 1; }
  to { transform: translate3d(var(--atomix-sway, 0px), -5vh, 0); opacity: 0; }
}
@keyframes atomix-float {
  0%, 100% { transform: translate3d(0, 0, 0); }
  50% { transform: translate3d(0, -10px, 0); }
}
@keyframes atomix-spin { to { transform: rotate(360deg); } }
@keyframes atomix-ping { 75%, 100% { transform: scale(2.2); opacity: 0; } }
.atomix-float { animation: atomix-float 6s ease-in-out infinite; }
.atomix-float-delayed { animation: atomix-float 7s ease-in-out -3s infinite; }
.atomix-spin-slow { animation: atomix-spin 24s linear infinite; }
.atomix-ping { animation: atomix-ping 1.6s cubic-bezier(0, 0, 0.2, 1) infinite; }
@media (prefers-reduced-motion: reduce) {
  .atomix-float, .atomix-float-delayed, .atomix-spin-slow, .atomix-ping, .atomix-particle { animation: none !important; }
}
`;

export function MarketingMotionStyles() {
  return (
    <style href="atomix-marketing-motion" precedence="default">
      {CSS}
    </style>
  );
}
