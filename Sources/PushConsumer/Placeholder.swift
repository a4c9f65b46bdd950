enum PushConsumerPlaceholder {}
