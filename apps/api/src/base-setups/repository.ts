// The base setups' SQL lives with the gateway, which opens setups for the points it measures (issue 19).
export { baseSetupsRepository, toBaseSetupView, type BaseSetupRow, type NewSetup } from '@smi/gateway';
