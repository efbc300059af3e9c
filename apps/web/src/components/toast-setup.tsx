import { Bounce, ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** The one toast area: top-right, 5 s, pauses on hover and when the window loses focus, swipe to close. */
export function Toasts() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      closeOnClick
      newestOnTop
      transition={Bounce}
      theme="light"
    />
  );
}
