import { useSession } from '../../app/session/use-session';
import { BankTransferFlow } from './bank-transfer-flow';
import { LoginNeeded } from './login-needed';
import '../../styles/forms.css';
import '../../styles/auth.css';
import '../../styles/payment.css';

/** /{lng}/payment: paying the cart by bank transfer, in three steps (spec §2, §4, §5, §8). */
export function PaymentPage() {
  const { user } = useSession();
  return user ? <BankTransferFlow user={user} /> : <LoginNeeded />;
}
